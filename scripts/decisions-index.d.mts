export declare const DECISIONS_DIR: string;
export declare const AREAS: Record<string, string>;
export interface DecisionRecord {
  number: string;
  title: string;
  file: string;
  area: string;
  supersededBy: string | null;
  amendedBy: string[];
  amends: string[];
  partlySupersededBy: string[];
  supersedesPart: string[];
  supersedes: string[];
}
export declare function readRecord(file: string, text: string): DecisionRecord;
export declare function readRecords(dir?: string): DecisionRecord[];
export declare function disagreements(records: DecisionRecord[]): string[];
export declare function renderIndex(records: DecisionRecord[]): string;
