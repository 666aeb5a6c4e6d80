/** A JSON object's fields by name: what a design file, a template or an observation holds. */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is an object that holds fields by name: not null, and not an array (`typeof []` is `'object'` too). */
export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
