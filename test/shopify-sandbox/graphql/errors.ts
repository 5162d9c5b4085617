// Static errors phrased the way Shopify's GraphQL (graphql-ruby) phrases them, with its
// `extensions.code`s (undefinedField, argumentNotAccepted, missingRequiredArguments, ...) and a
// `path` from the operation down to the offending node. graphql-js finds the errors; this maps words.
import { Kind, print, visit, type ASTNode, type DocumentNode, type GraphQLError, type OperationDefinitionNode } from "graphql";

export interface ShopifyError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

function pathTo(document: DocumentNode, target: ASTNode | undefined): string[] | undefined {
  if (!target?.loc) return undefined;
  const stack: string[] = [];
  let found: string[] | undefined;
  const start = target.loc.start;
  const enter = (node: ASTNode) => {
    if (found) return false;
    let label: string | null = null;
    if (node.kind === Kind.OPERATION_DEFINITION) label = node.name ? `${node.operation} ${node.name.value}` : node.operation;
    else if (node.kind === Kind.FRAGMENT_DEFINITION) label = `fragment ${node.name.value}`;
    else if (node.kind === Kind.FIELD) label = node.alias?.value ?? node.name.value;
    else if (node.kind === Kind.INLINE_FRAGMENT) label = `... on ${node.typeCondition?.name.value ?? ""}`;
    else if (node.kind === Kind.ARGUMENT) label = node.name.value;
    if (label !== null) stack.push(label);
    if (node.loc?.start === start && node.kind === target.kind) found = [...stack];
    return undefined;
  };
  const leave = (node: ASTNode) => {
    if ([Kind.OPERATION_DEFINITION, Kind.FRAGMENT_DEFINITION, Kind.FIELD, Kind.INLINE_FRAGMENT, Kind.ARGUMENT].includes(node.kind as never)) stack.pop();
  };
  visit(document, { enter, leave });
  return found;
}

type Rule = [RegExp, (m: RegExpExecArray) => { message: string; extensions: Record<string, unknown> }];

const RULES: Rule[] = [
  [/^Cannot query field "(\w+)" on type "(\w+)"/, (m) => ({ message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`, extensions: { code: "undefinedField", typeName: m[2], fieldName: m[1] } })],
  [/^Unknown argument "(\w+)" on field "(\w+)\.(\w+)"/, (m) => ({ message: `Field '${m[3]}' doesn't accept argument '${m[1]}'`, extensions: { code: "argumentNotAccepted", name: m[3], typeName: "Field", argumentName: m[1] } })],
  [/^Field "(?:\w+\.)?(\w+)" argument "(\w+)" of type "([^"]+)" is required/, (m) => ({ message: `Field '${m[1]}' is missing required arguments: ${m[2]}`, extensions: { code: "missingRequiredArguments", className: "Field", name: m[1], arguments: m[2] } })],
  [/^Field "(\w+)" of type "([^"]+)" must have a selection of subfields/, (m) => ({ message: `Field must have selections (field '${m[1]}' returns ${m[2].replace(/[[\]!]/g, "")} but has no selections. Did you mean '${m[1]} { ... }'?)`, extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName: m[2].replace(/[[\]!]/g, "") } })],
  [/^Field "(\w+)" must not have a selection since type "([^"]+)" has no subfields/, (m) => ({ message: `Selections can't be made on scalars (field '${m[1]}' returns ${m[2].replace(/[[\]!]/g, "")} but has selections [...])`, extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName: m[2].replace(/[[\]!]/g, "") } })],
  [/^Variable "\$(\w+)" is not defined(?: by operation "(\w+)")?/, (m) => ({ message: `Variable $${m[1]} is used by ${m[2] ?? "anonymous query"} but not declared`, extensions: { code: "variableNotDefined", variableName: m[1] } })],
  [/^Variable "\$(\w+)" is never used(?: in operation "(\w+)")?/, (m) => ({ message: `Variable $${m[1]} is declared by ${m[2] ?? "anonymous query"} but not used`, extensions: { code: "variableNotUsed", variableName: m[1] } })],
  [/^Variable "\$(\w+)" of type "([^"]+)" used in position expecting type "([^"]+)"/, (m) => {
    const nullability = m[2].replace(/!/g, "") === m[3].replace(/!/g, "");
    return { message: `${nullability ? "Nullability mismatch" : "Type mismatch"} on variable $${m[1]} and argument (${m[2]} / ${m[3]})`, extensions: { code: "variableMismatch", variableName: m[1], typeName: m[2] } };
  }],
  [/^Unknown type "(\w+)"/, (m) => ({ message: `${m[1]} isn't a defined input type`, extensions: { code: "undefinedType", typeName: m[1] } })],
  [/^Fragment "(\w+)" is never used/, (m) => ({ message: `Fragment ${m[1]} was defined, but not used`, extensions: { code: "useAndDefineFragment", fragmentName: m[1] } })],
  [/^Unknown fragment "(\w+)"/, (m) => ({ message: `Fragment ${m[1]} was used, but not defined`, extensions: { code: "useAndDefineFragment", fragmentName: m[1] } })],
  [/^There can be only one operation named "(\w+)"/, (m) => ({ message: `Operation name "${m[1]}" must be unique`, extensions: { code: "operationNotUnique", operationName: m[1] } })],
  [/^Unknown directive "@(\w+)"/, (m) => ({ message: `Directive @${m[1]} is not defined`, extensions: { code: "undefinedDirective", directiveName: m[1] } })],
];

const LITERAL = /^(\w+) cannot represent|^Expected value of type "([^"]+)"|^Enum "(\w+)" cannot represent|is not defined by type "(\w+)"|^Field "[\w.]+" of required type "([^"]+)" was not provided|does not exist in "(\w+)" enum/;

function locations(err: GraphQLError): ShopifyError["locations"] {
  return err.locations?.map((l) => ({ line: l.line, column: l.column }));
}

/** `Argument 'first' on Field 'products' has an invalid value ("a"). Expected type 'Int'.` */
function literalError(document: DocumentNode, err: GraphQLError, m: RegExpExecArray): ShopifyError {
  const path = pathTo(document, err.nodes?.[0]);
  const type = m.slice(1).find((g) => g !== undefined) ?? "";
  const node = err.nodes?.[0];
  const value = node ? print(node) : "";
  const [field, argument] = (path ?? []).slice(-2);
  return {
    message: `Argument '${argument ?? ""}' on Field '${field ?? ""}' has an invalid value (${value}). Expected type '${type}'.`,
    locations: locations(err), path, extensions: { code: "argumentLiteralsIncompatible", typeName: "Field", argumentName: argument ?? null },
  };
}

export function validationError(document: DocumentNode, err: GraphQLError): ShopifyError {
  const literal = LITERAL.exec(err.message);
  if (literal) return literalError(document, err, literal);
  for (const [re, make] of RULES) {
    const m = re.exec(err.message);
    if (!m) continue;
    const mapped = make(m);
    return { message: mapped.message || err.message, locations: locations(err), path: pathTo(document, err.nodes?.[0]), extensions: mapped.extensions };
  }
  return { message: err.message, locations: locations(err), path: pathTo(document, err.nodes?.[0]), extensions: { code: "validationError" } };
}

export function parseError(err: GraphQLError): ShopifyError {
  const at = err.locations?.[0];
  const found = /found (.+?)\.?$/.exec(err.message)?.[1] ?? "";
  const where = at ? ` at [${at.line}, ${at.column}]` : "";
  return { message: `Parse error on ${found || "input"}${where}`, locations: locations(err), extensions: { code: "parseError", detail: err.message } };
}

function explanation(message: string): string {
  if (/was not provided|must not be null/.test(message)) return "Expected value to not be null";
  return message.replace(/^Variable "\$\w+"[^;:]*[;:]\s*/, "");
}

/** Variable coercion failures (graphql-js: `Variable "$id" got invalid value ...`). */
export function variableError(err: GraphQLError, variables: Record<string, unknown>, op: OperationDefinitionNode): ShopifyError {
  const name = /^Variable "\$(\w+)"/.exec(err.message)?.[1] ?? "";
  const def = op.variableDefinitions?.find((d) => d.variable.name.value === name);
  const type = def ? print(def.type) : "";
  const value = name in variables ? variables[name] : null;
  return {
    message: `Variable $${name} of type ${type} was provided invalid value`,
    locations: locations(err),
    extensions: { code: "INVALID_VARIABLE", value, problems: [{ path: [], explanation: explanation(err.message) }] },
  };
}
