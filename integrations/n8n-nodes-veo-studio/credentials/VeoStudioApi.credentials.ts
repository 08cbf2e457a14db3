import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class VeoStudioApi implements ICredentialType {
	name = 'veoStudioApi';

	displayName = 'Veo Studio API';

	icon: Icon = { light: 'file:../icons/veoStudio.svg', dark: 'file:../icons/veoStudio.dark.svg' };

	documentationUrl = 'https://github.com/veo-studio/veo-studio/tree/main/integrations/n8n-nodes-veo-studio#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://veo.example.com',
			description: 'The address of your Veo Studio, without a path',
			required: true,
		},
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'A token from the API page of your Veo Studio (it starts with veo_)',
			required: true,
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiToken}}',
			},
		},
	};

	// The balance needs the token: a wrong or revoked one fails the test.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/n8n/balance',
			method: 'GET',
		},
	};
}
