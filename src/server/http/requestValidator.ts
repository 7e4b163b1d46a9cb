// fastify-type-provider-zod's validator, with one adjustment: Fastify hands an absent body to validators as
// null, so a contract body declared `.optional()` (POST /api/session) would refuse a request without one.
// Here null means "no body", and the schema decides whether that is allowed.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

export const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) => validate(data === null ? undefined : data);
};
