/**
 * Recognizing resources in a policy pack by type token. azure-native also registers versioned
 * tokens (`azure-native:cosmosdb/v20240815:…`) and kept the v1 module names (`documentdb`,
 * `insights`) as aliases, so each matcher accepts all of them.
 */
import { GUARDED_CONTAINER_TYPE } from '../type-tokens';

const CONTAINER = /^azure-native:(?:cosmosdb|documentdb)(?:\/v[0-9a-z]+)?:SqlResourceSqlContainer$/;
const ACCOUNT = /^azure-native:(?:cosmosdb|documentdb)(?:\/v[0-9a-z]+)?:DatabaseAccount$/;
const DIAGNOSTIC_SETTING = /^azure-native:(?:monitor|insights)(?:\/v[0-9a-z]+)?:DiagnosticSetting$/;

export const isContainerType = (type: string): boolean => CONTAINER.test(type);
export const isAccountType = (type: string): boolean => ACCOUNT.test(type);
export const isDiagnosticSettingType = (type: string): boolean => DIAGNOSTIC_SETTING.test(type);

/** The token of the container GuardedContainer creates (`cosmosdb.SqlResourceSqlContainer`'s): a raw
 *  container of a versioned token is never the component's own. */
const GUARDED_CHILD_TYPE = 'azure-native:cosmosdb:SqlResourceSqlContainer';

/**
 * The container a GuardedContainer created for itself: its parent (`parentUrn`) is a GuardedContainer,
 * and its URN is the one the component gives it, its type under the component's and the component's
 * name (`…GuardedContainer$azure-native:cosmosdb:SqlResourceSqlContainer::<component name>`). The
 * component already checked it against its full design, so the policies, which see only its key,
 * leave it alone. Any other container, also one created with `{ parent: guarded }`, is checked as raw.
 */
export function isGuardedChild(urn: string, parentUrn: string | undefined): boolean {
  // urn:pulumi:<stack>::<project>::<qualified type>::<name>; only the name may hold "::".
  const [stackAndProject, project, qualifiedType, ...name] = (parentUrn ?? '').split('::');
  if (name.length === 0 || qualifiedType.split('$').pop() !== GUARDED_CONTAINER_TYPE) return false;
  return urn === `${stackAndProject}::${project}::${qualifiedType}$${GUARDED_CHILD_TYPE}::${name.join('::')}`;
}
