import { AjvCompiler } from '@fastify/ajv-compiler';
import type { Ajv } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';
import ajvErrors from 'ajv-errors';
import type { FastifyServerOptions } from 'fastify';
import type { Static, TSchema } from 'typebox';

// ajv-errors types its options more narrowly than Fastify's plugin list accepts.
type AjvPlugin = NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number];

/** A UUID and nothing around it (ajv-formats' own also takes a `urn:uuid:` prefix). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What our schemas add to JSON Schema: a strict `uuid` format, and `lowercase: true`, which turns
 * the string it checks to lower case where it stands (an id may come in any case; every query, key
 * and room then sees the one spelling).
 */
function addOurKeywords(ajv: Ajv): void {
  ajv.addFormat('uuid', UUID);
  ajv.addKeyword({
    keyword: 'lowercase',
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    validate: (lower: boolean, data: string, _schema?: unknown, where?: DataValidationCxt) => {
      if (lower && where?.parentData !== undefined)
        (where.parentData as Record<string | number, string>)[where.parentDataProperty] = data.toLowerCase();
      return true;
    },
  });
}

/**
 * How every schema is checked, over HTTP and elsewhere: ajv-errors needs every error to pick the
 * schema's own message for each field. No coercion: `["Ann"]` is not a name; query values are
 * declared as the strings they are.
 */
export const AJV_OPTIONS = {
  customOptions: { allErrors: true, coerceTypes: false },
  plugins: [ajvErrors.default as unknown as AjvPlugin],
  onCreate: addOurKeywords,
};

/** One clear sentence for a failed check: the first failing rule, in the words the schema gives it. */
export const firstSchemaError = (errors: readonly { message?: string }[] | null | undefined) => errors?.[0]?.message ?? 'Invalid request';

const buildCompiler = AjvCompiler();

/**
 * Checks a value that comes from elsewhere than an HTTP request (a socket event relayed over the
 * bus) exactly as a route checks its body: the value, or the same `{message}` sentence a route
 * would answer with 400.
 */
export function compileCheck<T extends TSchema>(schema: T): (value: unknown) => { value: Static<T> } | { message: string } {
  const validate = buildCompiler({}, AJV_OPTIONS)({ schema, method: 'POST', url: '', httpPart: 'body' });
  return (value) => (validate(value) === true ? { value: value as Static<T> } : { message: firstSchemaError(validate.errors) });
}
