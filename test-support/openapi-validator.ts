import { matchEndpoint, type OpenApiDocument, toOpenApiPath } from '@marketing/domain';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Operation = {
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>;
};

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

/**
 * Checks answers and examples against an OpenAPI document with ajv (JSON Schema 2020-12), a
 * validator that did not generate the document: the document is loaded whole and each response
 * schema is reached through its JSON pointer, `$ref`s to components included.
 */
export class OpenApiValidator {
  readonly #ajv: Ajv2020;
  readonly #document: OpenApiDocument;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.#document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.#ajv);
    this.#ajv.addSchema(document as object, 'openapi.json');
  }

  #validator(ref: string): ValidateFunction {
    let validate = this.#compiled.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `openapi.json#/${ref}` });
      this.#compiled.set(ref, validate);
    }
    return validate;
  }

  #errors(ref: string, value: unknown): string | undefined {
    const validate = this.#validator(ref);
    return validate(value) ? undefined : this.#ajv.errorsText(validate.errors, { separator: '; ' });
  }

  /**
   * Why an answer does not match the document, or `undefined` when it does. Routes the document
   * does not have (unknown paths, another method) are not operations and are not checked here.
   */
  checkAnswer(method: string, path: string, status: number, body: unknown): string | undefined {
    const route = matchEndpoint(method, path);
    if (!route) return undefined;
    const openApiPath = toOpenApiPath(route.endpoint.path);
    const operation = this.#document.paths[openApiPath]?.[method.toLowerCase()] as Operation | undefined;
    if (!operation) return `${method} ${openApiPath} is not in the document`;
    const response = operation.responses[String(status)];
    const where = `${method} ${path} ${status} ${JSON.stringify(body).slice(0, 300)}`;
    if (!response) return `${where}: status ${status} is not declared`;
    if (!response.content?.['application/json']) return undefined;
    const errors = this.#errors(
      pointer(
        'paths',
        openApiPath,
        method.toLowerCase(),
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      ),
      body,
    );
    return errors ? `${where}: ${errors}` : undefined;
  }

  /** Every request body and success response without an `example`, or with one its schema refuses. */
  checkExamples(): string[] {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(this.#document.paths)) {
      for (const [method, raw] of Object.entries(operations)) {
        const operation = raw as Operation;
        const media: [string, { schema: unknown; example?: unknown } | undefined, string[]][] = [];
        if (operation.requestBody)
          media.push([
            'request body',
            operation.requestBody.content['application/json'],
            ['requestBody', 'content', 'application/json'],
          ]);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status.startsWith('2'))
            media.push([
              `${status} response`,
              response.content?.['application/json'],
              ['responses', status, 'content', 'application/json'],
            ]);
        }
        for (const [what, content, at] of media) {
          if (!content || !('example' in content)) {
            problems.push(`${method.toUpperCase()} ${path}: the ${what} has no example`);
            continue;
          }
          const errors = this.#errors(pointer('paths', path, method, ...at, 'schema'), content.example);
          if (errors)
            problems.push(`${method.toUpperCase()} ${path}: the ${what} example is invalid: ${errors}`);
        }
      }
    }
    return problems;
  }
}
