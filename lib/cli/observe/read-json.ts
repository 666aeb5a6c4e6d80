/**
 * Field readers for the observation files: each mistake is an ObservationError that names the file,
 * the field (`MetricDataResults[2].Values[5]`) and what was expected, never a TypeError from deep
 * inside a derivation.
 */
import { shapes } from '../../index';
import { isObject, type JsonObject } from '../../internal';
import type { Place } from '../place';

const { describe } = shapes;

export class ObservationError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    /** The sentence without the file and field. */
    readonly detail: string,
    /** Where in the file, when known (a JSON syntax error's line and column). */
    readonly position: Place = {},
  ) {
    super(`${file}: ${path ? `${path}: ` : ''}${detail}`);
    this.name = 'ObservationError';
  }
}

/** Own properties only: a polluted Object.prototype cannot add a field to an observation. */
export function own(object: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** Reads fields of one JSON value, with its path for errors. */
export class Reader {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly value: unknown,
  ) {}

  fail(message: string, path = this.path): never {
    throw new ObservationError(this.file, path, message);
  }

  private at(key: string | number): string {
    return typeof key === 'number' ? `${this.path}[${key}]` : this.path ? `${this.path}.${key}` : key;
  }

  object(): JsonObject {
    if (!isObject(this.value)) this.fail(`expected an object, got ${describe(this.value)}`);
    return this.value;
  }

  field(key: string): Reader {
    return new Reader(this.file, this.at(key), own(this.object(), key));
  }

  has(key: string): boolean {
    return own(this.object(), key) !== undefined;
  }

  array(): Reader[] {
    if (!Array.isArray(this.value)) this.fail(`expected an array, got ${describe(this.value)}`);
    return this.value.map((item, i) => new Reader(this.file, this.at(i), item));
  }

  optionalArray(): Reader[] {
    return this.value === undefined ? [] : this.array();
  }

  string(): string {
    if (typeof this.value !== 'string') this.fail(`expected a string, got ${describe(this.value)}`);
    return this.value;
  }

  optionalString(): string | undefined {
    return this.value === undefined || this.value === null ? undefined : this.string();
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) this.fail(`expected a finite number, got ${describe(this.value)}`);
    return this.value;
  }

  optionalNumber(): number | undefined {
    return this.value === undefined || this.value === null ? undefined : this.number();
  }

  /** An ISO 8601 timestamp (what the AWS and Azure CLIs print) or a Date (what the SDKs return), as epoch milliseconds. */
  timestamp(): number {
    if (this.value instanceof Date && Number.isFinite(this.value.getTime())) return this.value.getTime(); // the SDKs give Dates
    const text = this.string();
    const ms = Date.parse(text);
    if (!Number.isFinite(ms)) this.fail(`expected an ISO 8601 timestamp, got ${JSON.stringify(text)}`);
    return ms;
  }
}
