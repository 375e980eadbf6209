/** The resolver description file (/.well-known/gs1resolver) of the GS1-Conformant Resolver standard. */
import { GS1_VOC } from './link-types';

export function resolverDescription(origin: string) {
  return {
    name: 'Compliance workspace GS1 resolver',
    resolverRoot: origin,
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
    linkTypeDefaultCanBeLinkset: false,
    supportedContextValuesEnumerated: [],
  };
}
