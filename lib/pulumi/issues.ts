import type { DesignIssue } from '../index';
import { InvalidArgsError } from './errors';

/** Collects every problem with a component's args, so a user fixes them in one pass. */
export class Issues {
  private readonly all: DesignIssue[] = [];

  add(path: string, message: string): void {
    this.all.push({ path, message });
  }

  addAll(issues: readonly DesignIssue[]): void {
    this.all.push(...issues);
  }

  get count(): number {
    return this.all.length;
  }

  /** Throws before the component registers, so nothing is created. */
  throwIfAny(component: string): void {
    if (this.all.length > 0) throw new InvalidArgsError(component, this.all);
  }
}
