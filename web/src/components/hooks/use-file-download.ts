import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { notificationsStore } from '../../app/notifications/notifications-store';

/**
 * A download a button starts (a report's .xlsx, a list's PDF): whether it is under way, for the
 * button's spinner, and a failure shown as a toast with the server's message.
 */
export function useFileDownload<A extends unknown[]>(fetchFile: (...args: A) => Promise<void>) {
  const [downloading, setDownloading] = useState(false);
  const download = async (...args: A) => {
    setDownloading(true);
    try {
      await fetchFile(...args);
    } catch (error) {
      notificationsStore.notify('error', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download: (...args: A) => void download(...args) };
}
