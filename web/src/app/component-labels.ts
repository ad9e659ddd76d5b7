import type { I18nProviderProps } from '@cloudscape-design/components/i18n';

/**
 * Names of the controls Cloudscape draws inside its components, for those the app never passes a
 * prop for: given once here (through the I18nProvider in providers.tsx) rather than at every use.
 * Only what is missing is listed, so no text the app shows changes; a prop given at a use still wins.
 * - Tabs: when the tab headers overflow their width (a member's Edit Profile has seven), the
 *   scroll buttons at either end are icons with no name otherwise.
 */
export const COMPONENT_LABELS: I18nProviderProps.Messages = {
  'cloudscape-design-components': {
    en: {
      tabs: {
        'i18nStrings.scrollLeftAriaLabel': 'Scroll tabs left',
        'i18nStrings.scrollRightAriaLabel': 'Scroll tabs right',
      },
    },
  },
};
