import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSchema = z.core.$ZodType;

function zodSchemaOf(schema: unknown): ZodSchema | undefined {
  if (schema instanceof z.core.$ZodType) return schema;
  if (schema && typeof schema === 'object' && 'properties' in schema) {
    const inner = (schema as { properties: unknown }).properties;
    if (inner instanceof z.core.$ZodType) return inner;
  }
  return undefined;
}

/**
 * Writes responses from their zod schemas without parsing them again with zod. Each response
 * schema is turned into JSON Schema once, at start-up, and compiled into a serializer
 * (fast-json-stringify, Fastify's own): it writes only the properties the schema declares, so
 * nothing the handler happens to hold leaks out, and it throws when a required property is
 * missing. Re-validating every answer with zod is the cost this saves (performance.md).
 * A schema JSON Schema cannot express (a transform) keeps the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = zodSchemaOf(route.schema);
  const compiled = schema && compileSerializer(schema);
  return compiled ?? zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};

/** A serializer for `schema`, as responses get; undefined when JSON Schema cannot express it. */
export function compileSerializer<T>(
  schema: z.core.$ZodType<T>,
): ((data: T) => string) | undefined {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Record<
      string,
      unknown
    >;
  } catch {
    return undefined;
  }
  return fastJson(jsonSchema) as (data: T) => string;
}
