import { afterEach, expect } from 'vitest';
import { type ObservedAnswer, observeAnswers } from '../packages/mock-server/src/core/answer-observers.js';
import type { OpenApiValidator } from './openapi-validator.js';

// Every test file: each answer any in-process mock gives is checked against the OpenAPI document
// the mock serves at /openapi.json, status included; a test whose answers stray from it fails.
// The validator is built on the first answer to check, so a file that never answers a request
// (a pure unit test) pays only for this module.
const answers: ObservedAnswer[] = [];
observeAnswers((answer) => answers.push(answer));

let validator: Promise<OpenApiValidator> | undefined;
async function servedDocumentValidator(): Promise<OpenApiValidator> {
  const [{ createMockService }, { OpenApiValidator }] = await Promise.all([
    import('../packages/mock-server/src/index.js'),
    import('./openapi-validator.js'),
  ]);
  const served = await createMockService().handle(new Request('https://api.marketing.test/openapi.json'));
  return new OpenApiValidator(await served.json());
}

afterEach(async () => {
  if (answers.length === 0) return;
  const checked = answers.splice(0);
  validator ??= servedDocumentValidator();
  const check = await validator;
  const found = checked.flatMap(
    (answer) => check.checkAnswer(answer.method, answer.path, answer.status, answer.body) ?? [],
  );
  expect(found, 'answers that the served OpenAPI document does not declare').toEqual([]);
});
