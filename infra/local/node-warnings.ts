/**
 * AWS SDK v3 warns on every start that its future releases need Node 22; this project pins Node 20
 * (DESIGN.md section 8), so the CLIs drop that one warning and print every other as Node would.
 */
export function hideSdkNodeVersionWarning(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    // The SDK emits it as a plain Warning whose message starts with the name.
    if (!`${warning.name} ${warning.message}`.includes('NodeVersionSupportWarning'))
      console.error(`(node) ${warning.name}: ${warning.message}`);
  });
}
