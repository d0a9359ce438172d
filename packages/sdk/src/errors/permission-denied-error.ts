import { ApiError } from './api-error.js';

/**
 * 403: the key lacks the endpoint's permission (`missingPermissions`), or names resources
 * outside its restrictions (`missingResources`, IDs by kind).
 */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError' as const;
  /** `insufficient_permissions`, `insufficient_resource_ids` or `Insufficient Resource IDs`. */
  readonly code: string | undefined;
  /** The permissions the key lacks. */
  readonly missingPermissions: string[] | undefined;
  /** The resource IDs the key may not touch, by kind (`{tag_ids: ['t9']}`). */
  readonly missingResources: Record<string, string[]> | undefined;

  constructor(input: ConstructorParameters<typeof ApiError>[0]) {
    super(input);
    const error = (typeof input.error === 'object' && input.error !== null ? input.error : {}) as {
      code?: string;
      missing?: unknown;
    };
    this.code = error.code;
    this.missingPermissions = Array.isArray(error.missing) ? (error.missing as string[]) : undefined;
    this.missingResources =
      error.missing && !Array.isArray(error.missing)
        ? (error.missing as Record<string, string[]>)
        : undefined;
  }
}
