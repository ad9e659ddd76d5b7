/** `payroll-upload` or `post_row` -> `PayrollUpload`, `PostRow`: construct IDs from registry names. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}
