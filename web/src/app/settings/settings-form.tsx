import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { IconStyle, SwitchName } from './settings';
import { FONTS, ICON_STYLES } from './settings';
import { settingsStore } from './settings-store';
import { useSettings } from './use-settings';

const SWITCHES: { name: SwitchName; label: string; description: string }[] = [
  { name: 'nightMode', label: 'Night Mode', description: 'Dark colours everywhere' },
  { name: 'compact', label: 'Compact mode', description: 'Denser tables and forms' },
  { name: 'fixNavbarTop', label: 'Fix Navbar top', description: 'The header stays at the top while scrolling' },
  { name: 'headerDark', label: 'Header Dark', description: 'A dark header instead of the cooperative colour' },
  { name: 'minSidebarDark', label: 'Min Sidebar Dark', description: 'A narrower, dark sidebar' },
  { name: 'sidebarDark', label: 'Sidebar Dark', description: 'A dark sidebar' },
  { name: 'iconColor', label: 'Icon Color', description: 'Menu icons in the cooperative colour' },
  {
    name: 'gradientColor',
    label: 'Gradient Color',
    description: 'The header fades from the primary to the secondary colour',
  },
  { name: 'rtl', label: 'RTL Support', description: 'Right-to-left layout' },
];

const styleOptions = ICON_STYLES.map((style) => ({ id: style, text: style }));

export function SettingsForm() {
  const settings = useSettings();
  return (
    <SpaceBetween size="l">
      <FormField label="Font" description="The typeface of the whole application">
        <Select
          selectedOption={{ value: settings.font, label: settings.font }}
          options={FONTS.map((font) => ({ value: font, label: font }))}
          onChange={({ detail }) => {
            const font = FONTS.find((candidate) => candidate === detail.selectedOption.value);
            if (font) settingsStore.update({ font });
          }}
          ariaLabel="Font"
        />
      </FormField>
      <FormField label="Menu icon style">
        <SegmentedControl
          label="Menu icon style"
          selectedId={settings.menuIconStyle}
          options={styleOptions}
          onChange={({ detail }) => settingsStore.update({ menuIconStyle: detail.selectedId as IconStyle })}
        />
      </FormField>
      <FormField label="Submenu icon style">
        <SegmentedControl
          label="Submenu icon style"
          selectedId={settings.submenuIconStyle}
          options={styleOptions}
          onChange={({ detail }) => settingsStore.update({ submenuIconStyle: detail.selectedId as IconStyle })}
        />
      </FormField>
      {SWITCHES.map(({ name, label, description }) => (
        <Toggle
          key={name}
          checked={settings[name]}
          onChange={({ detail }) => settingsStore.update({ [name]: detail.checked })}
          description={description}
        >
          {label}
        </Toggle>
      ))}
    </SpaceBetween>
  );
}
