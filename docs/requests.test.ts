import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointExamples } from '../packages/domain/src/contract/examples.js';
import { endpoints } from '../packages/domain/src/contract/index.js';

// docs/requests.md is made from the contract and its examples (the same ones the OpenAPI document
// shows, each checked against its schema), so that a team in any language can read every
// request's body without an OpenAPI viewer. UPDATE_DOCS=1 writes it again.
const path = fileURLToPath(new URL('requests.md', import.meta.url));

// Compact where a value fits on its line, broken over lines where it does not.
function json(value: unknown, indent = ''): string {
  const compact = JSON.stringify(value);
  if (indent.length + compact.length <= 96 || value === null || typeof value !== 'object') return compact;
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((item) => `${inner}${json(item, inner)}`)
    : Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${json(item, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${items.join(',\n')}\n${indent}${close}`;
}

function requestsPage(): string {
  const lines = [
    '# Every request, with an example',
    '',
    'Each endpoint of the service: its method and path, the permission its key needs, an example',
    'body and the `data` of its `200`/`201` answer (`{"ok": true, "data": ...}`). The examples are the',
    "ones the OpenAPI document (`GET /openapi.json`) carries, checked against the endpoint's schema;",
    'the document has every field and rule. They were recorded against a world with organisation',
    '`org_a`, contacts `27821234567` (Thandi) and `27821234568`, tags `tag_vip` and `tag_new`, and',
    'campaigns `cmp_1` and `cmp_v2`. Keys go in `Authorization: Bearer <key>`, except on the two',
    'postback routes, which take `?key=<key>`. This page is generated from the contract',
    '(`docs/requests.test.ts`).',
    '',
  ];
  let group = '';
  for (const endpoint of endpoints) {
    const [name] = endpoint.id.split('.');
    if (name !== group) {
      group = name!;
      lines.push(`## ${group}`, '');
    }
    const example = endpointExamples[endpoint.id] ?? {};
    lines.push(`### ${endpoint.method} \`${endpoint.path}\``, '');
    lines.push(
      `${endpoint.summary.replace(/\.$/, '')} (\`${endpoint.id}\`). Permission \`${endpoint.permission}\`${endpoint.auth === 'query-key' ? '; the key in `?key=`' : ''}.`,
      '',
    );
    if (example.body !== undefined) lines.push('Body:', '', '```json', json(example.body), '```', '');
    if (example.data !== undefined) lines.push('`data`:', '', '```json', json(example.data), '```', '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

describe('docs/requests.md', () => {
  it('shows every endpoint with the example request and answer its contract carries', () => {
    const page = requestsPage();
    if (process.env.UPDATE_DOCS) writeFileSync(path, page);
    expect(readFileSync(path, 'utf8')).toBe(page);
    for (const endpoint of endpoints) expect(page).toContain(`${endpoint.method} \`${endpoint.path}\``);
  });
});
