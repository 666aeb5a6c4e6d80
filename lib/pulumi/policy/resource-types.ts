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

/**
 * A container created by GuardedContainer: its URN's type chain (`parent$…$child`) includes the
 * component. The component already checked it against its full design, so the policies, which see
 * only key names, leave it alone.
 */
export function isGuardedChild(urn: string): boolean {
  const qualifiedType = urn.split('::')[2] ?? '';
  return qualifiedType.split('$').slice(0, -1).includes(GUARDED_CONTAINER_TYPE);
}
