import { afterEach, expect } from 'vitest';
import { observeAnswers } from '../packages/mock-server/src/core/answer-observers.js';
import { createMockService } from '../packages/mock-server/src/index.js';
import { OpenApiValidator } from './openapi-validator.js';

// Every test file: each answer any in-process mock gives is checked against the OpenAPI document
// the mock serves at /openapi.json, status included; a test whose answers stray from it fails.
const served = await createMockService().handle(new Request('https://api.marketing.test/openapi.json'));
const validator = new OpenApiValidator(await served.json());
const violations: string[] = [];
observeAnswers((answer) => {
  if (answer.faulted) return;
  const problem = validator.checkAnswer(answer.method, answer.path, answer.status, answer.body);
  if (problem) violations.push(problem);
});

afterEach(() => {
  const found = violations.splice(0);
  expect(found, 'answers that the served OpenAPI document does not declare').toEqual([]);
});
