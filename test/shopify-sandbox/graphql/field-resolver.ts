// graphql-js resolvers for a client schema (which has none): a field reads the same-named property
// of its parent view (calling it with the arguments when it is a function). A field the sandbox does
// not store resolves to null, or for non-null types to an empty value of the right type, so any valid
// document gets an answer instead of an execution error.
import {
  getNamedType, isEnumType, isListType, isNonNullType, isAbstractType, isScalarType,
  type GraphQLFieldResolver, type GraphQLOutputType, type GraphQLTypeResolver,
} from "graphql";

const SCALAR_DEFAULTS: Record<string, unknown> = {
  String: "", ID: "", Int: 0, Float: 0, Boolean: false, Money: "0.0", Decimal: "0.0", DateTime: "1970-01-01T00:00:00Z", Date: "1970-01-01",
  URL: "", HTML: "", UnsignedInt64: "0", JSON: {}, FormattedString: "", Color: "#000000", StorefrontID: "", ARN: "", BigInt: "0", UtcOffset: "+00:00",
};

export function emptyValue(type: GraphQLOutputType): unknown {
  if (!isNonNullType(type)) return null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isScalarType(inner)) return SCALAR_DEFAULTS[inner.name] ?? "";
  if (isEnumType(inner)) return inner.getValues()[0]?.value ?? null;
  return {};
}

export const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (source && typeof source === "object" && Object.prototype.hasOwnProperty.call(source, info.fieldName)) {
    const raw = (source as Record<string, unknown>)[info.fieldName];
    const value = typeof raw === "function" ? (raw as (a: unknown, c: unknown, i: unknown) => unknown)(args, context, info) : raw;
    if (value !== undefined && value !== null) return value;
  }
  return emptyValue(info.returnType);
};

export const typeResolver: GraphQLTypeResolver<unknown, unknown> = (value, _context, info, abstractType) => {
  const named = value && typeof value === "object" ? (value as { __typename?: unknown }).__typename : undefined;
  if (typeof named === "string") return named;
  const possible = info.schema.getPossibleTypes(abstractType);
  return possible[0]?.name;
};

export function isAbstractReturn(type: GraphQLOutputType): boolean {
  return isAbstractType(getNamedType(type));
}
