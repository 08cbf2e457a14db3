// n8n's community node rules, as the starter's `n8n-node lint` applies them; do not relax them.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';

export default [
	{ ignores: ['dist/**', 'node_modules/**'] },
	n8nCommunityNodesPlugin.configs.recommended,
	{ files: ['**/*.ts', '**/*.json'], languageOptions: { parser: tsParser } },
];
