/**
 * The accessible name of a DatePicker's calendar button ("Choose start date, selected 2026-11-01"),
 * which is otherwise an icon with no name.
 */
export function calendarLabel(label: string): (selected: string | null) => string {
  return (selected) => `Choose ${label.toLowerCase()}${selected ? `, selected ${selected}` : ''}`;
}
