/**
 * The part of n8n the workflow replays share (n8n-workflow.test.ts, n8n-webhook-workflow.test.ts):
 * its execution order, its expressions, and the nodes both workflows use (Manual Trigger, Set, If,
 * Stop and Error). Each test runs its own HTTP Request and Wait nodes.
 */
import vm from "node:vm";
import { expect } from "vitest";
import type { N8nNode, N8nWorkflow } from "../../src/server/features/automation/n8n-workflow.js";

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A node failed, as n8n would report it (not a bug of the replay). */
export class WorkflowError extends Error {}

/** n8n's text for a value (a {{ }} in a text, a Set field of type string): objects as JSON. */
export function n8nString(v: unknown): string {
  return typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
}

/** n8n expressions: "=" then text with {{ js }} parts; a lone {{ }} keeps its value's type. */
export function evaluate(value: unknown, scope: Json): unknown {
  if (typeof value !== "string" || !value.startsWith("=")) return value;
  const template = value.slice(1);
  // The replay runs the workflow's own {{ }} JavaScript, as n8n does: a function of the scope's names.
  const run = (code: string) =>
    vm.runInThisContext(`(function (${Object.keys(scope).join(", ")}) { return (${code}); })`)(...Object.values(scope));
  const whole = /^\{\{([\s\S]*)\}\}$/.exec(template.trim());
  if (whole && !whole[1]!.includes("}}")) return run(whole[1]!);
  return template.replace(/\{\{([\s\S]*?)\}\}/g, (_, code: string) => n8nString(run(code)));
}

/** An If node's conditions ("and", strict types): true for its true branch. */
function checkCondition(node: N8nNode, scope: Json): boolean {
  const { conditions } = node.parameters as Json;
  expect(conditions.combinator).toBe("and");
  expect(conditions.options.typeValidation).toBe("strict");
  return (conditions.conditions as Json[]).every((c) => {
    const left = evaluate(c.leftValue, scope);
    const { type, operation } = c.operator as { type: string; operation: string };
    // Strict type validation: n8n fails the node when the value is not of the operator's type.
    if (typeof left !== type) throw new WorkflowError(`${node.name}: expected a ${type}, got ${JSON.stringify(left)}`);
    if (type === "string" && operation === "equals") return left === c.rightValue;
    if (type === "number" && operation === "lt") return (left as number) < (c.rightValue as number);
    throw new Error(`the replay does not know the ${type} operation ${operation}`);
  });
}

export interface Item {
  json: Json;
}

/** A Set node's fields, typed as n8n's Set (3.3+) types them. */
function setFields(node: N8nNode, scope: Json): Json {
  const params = node.parameters as Json;
  const out: Json = {};
  for (const a of params.assignments.assignments as Json[]) {
    const v = evaluate(a.value, scope);
    if (v === null || v === undefined) {
      // n8n's Set rejects a missing value for a typed field unless conversion errors are ignored.
      if (!params.options?.ignoreConversionErrors)
        throw new WorkflowError(`${node.name}: '${a.name}' expects a ${a.type} but got ${v}`);
      out[a.name] = null;
    } else out[a.name] = a.type === "number" ? Number(v) : n8nString(v);
  }
  return out;
}

/** The outputs of a node both workflows use, or undefined for one the test runs itself. */
export function commonNode(node: N8nNode, items: Item[], scope: Json): Item[][] | undefined {
  switch (node.type) {
    case "n8n-nodes-base.manualTrigger":
      return [items];
    case "n8n-nodes-base.set":
      return [[{ json: setFields(node, scope) }]];
    case "n8n-nodes-base.if":
      return checkCondition(node, scope) ? [items, []] : [[], items];
    case "n8n-nodes-base.stopAndError":
      throw new WorkflowError(String(evaluate(node.parameters.errorMessage, scope)));
    default:
      return undefined;
  }
}

/** What a node sees: its input, how often it ran before, and `$('Other node')`. */
export interface Step {
  node: N8nNode;
  items: Item[];
  runIndex: number;
  pick: (nodeName: string) => {
    item: Item | undefined;
    first: () => Item | undefined;
    last: () => Item | undefined;
    all: () => Item[];
  };
}

export interface Walked {
  /** The last node that ran and what it output. */
  finishedAt: string;
  output: Json | undefined;
  /** Set when a node failed (a WorkflowError) and ended the run. */
  error: string | undefined;
}

/** Runs the workflow from its manual trigger in n8n's execution order v1; `runNode` gives each node's outputs. */
export async function walkWorkflow(wf: N8nWorkflow, runNode: (step: Step) => Promise<Item[][]>): Promise<Walked> {
  const byName = new Map(wf.nodes.map((n) => [n.name, n]));
  const lastOutput = new Map<string, Item[]>();
  const runs = new Map<string, number>();
  const walked: Walked = { finishedAt: "", output: undefined, error: undefined };
  const trigger = wf.nodes.find((n) => n.type === "n8n-nodes-base.manualTrigger")!;
  const queue: Array<{ name: string; items: Item[] }> = [{ name: trigger.name, items: [{ json: {} }] }];

  for (let steps = 0; queue.length > 0; steps++) {
    if (steps > 1000) throw new Error("the workflow did not end");
    const { name, items } = queue.shift()!;
    const runIndex = runs.get(name) ?? 0;
    runs.set(name, runIndex + 1);
    const pick = (nodeName: string) => {
      const out = lastOutput.get(nodeName);
      if (!out) throw new WorkflowError(`${name}: node '${nodeName}' has not run`);
      return { item: out[0], first: () => out[0], last: () => out.at(-1), all: () => out };
    };
    let outputs: Item[][];
    try {
      outputs = await runNode({ node: byName.get(name)!, items, runIndex, pick });
    } catch (err) {
      if (!(err instanceof WorkflowError)) throw err;
      return { ...walked, finishedAt: name, error: err.message };
    }
    lastOutput.set(name, outputs.flat());
    walked.finishedAt = name;
    walked.output = outputs.flat()[0]?.json;
    // Execution order v1: a branch runs to its end before the next; nodes without input do not run.
    const next = (wf.connections[name]?.main ?? []).flatMap((targets, i) =>
      outputs[i]?.length ? targets.map((t) => ({ name: t.node, items: outputs[i]! })) : [],
    );
    queue.unshift(...next);
  }
  return walked;
}
