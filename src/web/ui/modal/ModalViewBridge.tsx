import { useEffect } from 'react';
import { MODAL_HEIGHT_MESSAGE, currentView } from './modalView';

/** Mounted by a page shown in a modal iframe: keeps the opener told of the page's height, so the modal fits it. */
export function ModalViewBridge() {
  useEffect(() => {
    if (currentView() !== 'modal' || window.parent === window) return;
    // The app root is as tall as its content; the document is at least as tall as the iframe, so it cannot shrink.
    const root = document.getElementById('root') ?? document.body;
    const report = () =>
      window.parent.postMessage(
        { type: MODAL_HEIGHT_MESSAGE, height: Math.ceil(root.getBoundingClientRect().height) },
        window.location.origin,
      );
    const observer = new ResizeObserver(report);
    observer.observe(root);
    report();
    return () => observer.disconnect();
  }, []);
  return null;
}
