// Type-checks code written against the TypeScript types openapi-typescript generates from
// /openapi.json (`tsc --strict --noEmit`): every outcome, every stream event and the error body
// must be reachable by name, and a switch over the outcomes must be exhaustive.
import type { components, paths } from "./sluice";

type Schemas = components["schemas"];
type QueryReply =
  paths["/api/v1/query"]["post"]["responses"][200]["content"]["application/json"];
type StreamData =
  paths["/api/v1/query"]["post"]["responses"][200]["content"]["text/event-stream"];
type BadRequest =
  paths["/api/v1/query"]["post"]["responses"][400]["content"]["application/json"];

export function describe(reply: QueryReply): string {
  const outcome: Schemas["Outcome"] = reply.outcome;
  switch (outcome) {
    case "answer":
      return reply.answer ?? "";
    case "clarification_required":
      return reply.clarification?.question ?? "";
    case "capability_miss":
      return reply.capabilityMiss?.reason ?? "";
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

export function onEvent(name: "stage" | "answer_delta" | "final" | "error", data: StreamData): void {
  if (name === "stage") console.log((data as Schemas["TraceEvent"]).name);
  if (name === "answer_delta") console.log((data as Schemas["AnswerDelta"]).text);
  if (name === "final") console.log(describe(data as Schemas["QueryResponse"]));
  if (name === "error") console.log((data as Schemas["ApiError"]).code);
}

export function problem(body: BadRequest): string {
  return `${body.error.code}: ${body.error.message}`;
}

const request: Schemas["QueryRequest"] = {
  query: "Who will win the World Cup?",
  tools: ["markets"],
  clarificationPolicy: "auto",
  queryDepth: "deep",
};
console.log(request.query);
