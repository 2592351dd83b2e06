// docs/erp-api.yaml, the ERP contract as OpenAPI 3.1, made from @portal/contracts' erpOperations so that the
// document cannot drift from what the portal sends and the reference service answers (a test compares the file with
// this function's output; `npm run erp:openapi` writes it).
import {
  ErpErrorBody,
  erpApiPrefix,
  erpApiVersion,
  erpOperations,
  erpPdfDocumentsHeader,
} from '@portal/contracts/erp-api';
import { stringify } from 'yaml';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErpError' } } },
});

export function erpOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, operation] of Object.entries(erpOperations)) {
    const answer = operation.answer;
    const success =
      answer.kind === 'json'
        ? { description: 'Answered.', content: { 'application/json': { schema: schemaOf(answer.schema, 'output') } } }
        : answer.kind === 'pdf'
          ? {
              description: `One PDF holding the documents named, in order, by the ${erpPdfDocumentsHeader} header.`,
              headers: {
                [erpPdfDocumentsHeader]: {
                  description: 'The billing document numbers the file holds, comma-separated, in order.',
                  schema: { type: 'string' },
                },
              },
              content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
            }
          : {
              description: 'One JSON document per line (NDJSON), in the search order, streamed.',
              content: { 'application/x-ndjson': { itemSchema: schemaOf(answer.schema, 'output') } },
            };
    const write = 'write' in operation && operation.write;
    const optional = 'optional' in operation && operation.optional;
    const pathParameters =
      'params' in operation
        ? Object.entries(
            (schemaOf(operation.params, 'input') as { properties: Record<string, JsonSchema> }).properties,
          ).map(([name, schema]) => ({ name, in: 'path', required: true, schema }))
        : [];
    const parameters = [
      ...pathParameters,
      ...(write
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              description:
                'Unique per write (the portal sends the posting reference or a UUID), at most 255 characters.',
              schema: { type: 'string', minLength: 1, maxLength: 255 },
            },
          ]
        : []),
    ];
    paths[`${erpApiPrefix}${operation.path}`] = {
      [operation.method.toLowerCase()]: {
        operationId: name,
        summary: operation.summary,
        description: [
          operation.hot
            ? `Hot: called for a page view; keep its p95 within ${operation.budgetMs} ms.`
            : `Not on a page's critical path; p95 budget ${operation.budgetMs} ms.`,
          write
            ? 'A write: send an Idempotency-Key. A repeat with the same key answers the first result and changes nothing.'
            : operation.method === 'PUT'
              ? 'Idempotent: the same path again replaces what it recorded; the portal may retry it.'
              : 'A read: the portal may retry it.',
          ...(optional
            ? [
                'Optional: an ERP that does not implement it answers 501 with the error body (code not_implemented), ' +
                  'and the portal goes on without it.',
              ]
            : []),
        ].join(' '),
        'x-hot': operation.hot,
        'x-latency-budget-ms': operation.budgetMs,
        ...(optional ? { 'x-optional': true } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...('body' in operation
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schemaOf(operation.body, 'input') } },
              },
            }
          : {}),
        responses: {
          '200': success,
          '400': errorAnswer('The request does not follow the contract.'),
          '401': errorAnswer('No bearer token, or not the ERP_TOKEN.'),
          ...(answer.kind === 'pdf' ? { '404': errorAnswer('The customer has none of these documents.') } : {}),
          ...(write ? { '409': errorAnswer('The Idempotency-Key was used for a different request.') } : {}),
          ...(optional ? { '501': errorAnswer('This ERP does not implement this optional operation.') } : {}),
          '503': errorAnswer('The ERP cannot answer now; the portal fails fast and tries again later.'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AR Portal ERP contract',
      version: erpApiVersion,
      description:
        'What the portal asks of an ERP (or of the middleware in front of it): one operation per method of the ' +
        "portal's ErpConnector. Amounts are decimal strings, minor units are integer strings, dates MM-DD-YYYY as in " +
        'the specification. See docs/erp-integration.md.',
    },
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The ERP_TOKEN shared with the portal.' },
      },
      schemas: { ErpError: schemaOf(ErpErrorBody, 'output') },
    },
  };
}

export function erpOpenApiYaml(): string {
  return `# Generated from packages/contracts/src/erp-api.ts by \`npm run erp:openapi\`: do not edit by hand.\n${stringify(erpOpenApiDocument(), { lineWidth: 0 })}`;
}
