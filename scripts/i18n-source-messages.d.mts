export interface SourceMessage {
  id: string;
  message: string;
  context?: string;
  comment?: string;
  files: string[];
}
export declare function sourceMessages(files?: string[]): Promise<SourceMessage[]>;
