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
   * Why an answer does not match the document, or `undefined` when it does. The operation is the
   * one a client would call: the service's route, or for a path the service routes elsewhere (a
   * 405), the operation whose path template the path fits. A status the operation does not list
   * is checked against its `default` answer when it is an error (400 and above). Paths that fit no
   * operation are not checked here.
   */
  checkAnswer(method: string, path: string, status: number, body: unknown): string | undefined {
    const route = matchEndpoint(method, path);
    const openApiPath = route ? toOpenApiPath(route.endpoint.path) : this.#templateOf(method, path);
    if (!openApiPath) return undefined;
    const operation = this.#document.paths[openApiPath]?.[method.toLowerCase()] as Operation | undefined;
    if (!operation) return `${method} ${openApiPath} is not in the document`;
    const declared = String(status) in operation.responses ? String(status) : undefined;
    const key = declared ?? (status >= 400 && operation.responses.default ? 'default' : undefined);
    const where = `${method} ${path} ${status} ${JSON.stringify(body).slice(0, 300)}`;
    if (!key) return `${where}: status ${status} is not declared`;
    if (!operation.responses[key]?.content?.['application/json']) return undefined;
    const errors = this.#errors(
      pointer(
        'paths',
        openApiPath,
        method.toLowerCase(),
        'responses',
        key,
        'content',
        'application/json',
        'schema',
      ),
      body,
    );
    return errors ? `${where}: ${errors}` : undefined;
  }

  // The document path whose template a request path fits, for a method it has; the most static
  // segments first, as OpenAPI routes concrete paths before templated ones.
  #templateOf(method: string, path: string): string | undefined {
    const segments = path.split('/');
    const fits = Object.keys(this.#document.paths).filter((template) => {
      const parts = template.split('/');
      return (
        parts.length === segments.length &&
        this.#document.paths[template]?.[method.toLowerCase()] !== undefined &&
        parts.every((part, i) => part.startsWith('{') || part === segments[i])
      );
    });
    const staticCount = (template: string) => template.split('/').filter((p) => !p.startsWith('{')).length;
    return fits.sort((a, b) => staticCount(b) - staticCount(a))[0];
  }

  /**
   * Why a request does not match the document, or `undefined` when it does: its query parameters
   * (each by its schema, required ones present, no others) and its JSON body. Path parameters are
   * taken as given.
   */
  checkRequest(
    method: string,
    openApiPath: string,
    query: Record<string, string>,
    body?: unknown,
  ): string | undefined {
    const operation = this.#document.paths[openApiPath]?.[method.toLowerCase()] as
      | (Operation & { parameters?: { name: string; in: string; required?: boolean }[] })
      | undefined;
    if (!operation) return `${method} ${openApiPath} is not in the document`;
    const problems: string[] = [];
    const parameters = operation.parameters ?? [];
    parameters.forEach((parameter, index) => {
      if (parameter.in !== 'query') return;
      const value = query[parameter.name];
      if (value === undefined) {
        if (parameter.required) problems.push(`query ${parameter.name} is required`);
        return;
      }
      const at = pointer('paths', openApiPath, method.toLowerCase(), 'parameters', String(index), 'schema');
      const errors = this.#errors(at, value);
      if (errors) problems.push(`query ${parameter.name}: ${errors}`);
    });
    for (const name of Object.keys(query)) {
      if (!parameters.some((p) => p.in === 'query' && p.name === name))
        problems.push(`query ${name} is not declared`);
    }
    if (operation.requestBody) {
      const errors = this.#errors(
        pointer(
          'paths',
          openApiPath,
          method.toLowerCase(),
          'requestBody',
          'content',
          'application/json',
          'schema',
        ),
        body,
      );
      if (errors) problems.push(`body: ${errors}`);
    }
    return problems.length > 0 ? problems.join('; ') : undefined;
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
