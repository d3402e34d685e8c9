/** protocol.ts and the committed OpenAPI document (openapi.yaml) speak the same protocol: paths, error codes, headers. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { protocolErrorCodes, protocolErrors, protocolPaths } from './protocol.ts';
import { protocolHeaders } from './protocol-signature.ts';

const doc = parse(readFileSync(new URL('./openapi.yaml', import.meta.url), 'utf8')) as {
  openapi: string;
  info: { version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: { ErrorCode: { enum: string[]; description: string } } };
};

it('is OpenAPI 3.1 and documents every path and method the client calls', () => {
  expect(doc.openapi).toMatch(/^3\.1\./);
  const template = (path: string) =>
    path
      .replace('/1/', '/{game}/')
      .replace('/S/', '/{server_id}/')
      .replace('/2/', '/{mid}/')
      .replace(/\/O(?=\/|$)/, '/{order_no}');
  const called: Array<[string, string]> = [
    [template(protocolPaths.servers(1)), 'get'],
    [template(protocolPaths.characters(1, 'S', 2)), 'get'],
    [template(protocolPaths.rechargeCheck(1)), 'post'],
    [template(protocolPaths.delivery(1, 'O')), 'put'],
    [template(protocolPaths.delivery(1, 'O')), 'get'],
    [template(protocolPaths.reversal(1, 'O')), 'post'],
  ];
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => [path, m]),
  );
  expect(documented.sort()).toEqual(called.sort());
});

it('lists the error codes of the code, each with its status', () => {
  const schema = doc.components.schemas.ErrorCode;
  expect(schema.enum).toEqual(protocolErrorCodes);
  for (const code of protocolErrorCodes) {
    const line = schema.description.split(';').find((part) => part.includes(code));
    expect(line, code).toContain(String(protocolErrors[code].status));
  }
});

it('names the signature headers the code sends', () => {
  for (const header of Object.values(protocolHeaders))
    expect(doc.info.description.toLowerCase()).toContain(header);
});
