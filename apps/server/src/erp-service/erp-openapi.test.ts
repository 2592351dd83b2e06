import { readFileSync } from 'node:fs';
import { erpOperations } from '@portal/contracts/erp-api';
import { describe, expect, it } from 'vitest';
import type { ErpConnector } from '../connectors/erp/erp-connector';
import { erpOpenApiDocument, erpOpenApiYaml } from './erp-openapi';
import { erpOpenApiFile } from './write-erp-openapi';

// One operation per method of the connector (an optional one too), and none more: a method added to ErpConnector
// without its operation (or the reverse) fails to compile here.
type Missing = Exclude<keyof ErpConnector, keyof typeof erpOperations>;
type Extra = Exclude<keyof typeof erpOperations, keyof ErpConnector>;
const oneToOne: [Missing, Extra] extends [never, never] ? true : false = true;

describe('docs/erp-api.yaml', () => {
  it('is the document the contract generates (run npm run erp:openapi after changing it)', () => {
    expect(readFileSync(erpOpenApiFile, 'utf8')).toBe(erpOpenApiYaml());
  });

  it('has one operation per ErpConnector method, writes with a required Idempotency-Key', () => {
    const document = erpOpenApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(oneToOne).toBe(true);
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(erpOperations).sort());
    const writes = operations.filter((operation) =>
      (operation.parameters as { in: string }[] | undefined)?.some((parameter) => parameter.in === 'header'),
    );
    expect(writes.map((operation) => operation.operationId).sort()).toEqual([
      'managePaymentCards',
      'postPayment',
      'reversePayment',
    ]);
    for (const write of writes) {
      expect(write.parameters).toEqual([
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
      ]);
    }
  });

  it('has the optional dispute case as a PUT by the dispute id, answering 501 where an ERP leaves it out', () => {
    const document = erpOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string; responses: object; parameters: object[] }>>;
    };
    const operation = document.paths['/erp/v1/disputes/{dispute_id}']?.put;
    expect(operation?.operationId).toBe('recordDisputeCase');
    expect(operation?.parameters).toEqual([
      expect.objectContaining({ name: 'dispute_id', in: 'path', required: true }),
    ]);
    expect(Object.keys(operation?.responses ?? {})).toContain('501');
    const others = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(others.filter((other) => '501' in other.responses).map((other) => other.operationId)).toEqual([
      'recordDisputeCase',
    ]);
  });
});
