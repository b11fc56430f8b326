import { useEffect, useState, type RefObject } from "react";

export interface PanelOpen {
  open: boolean;
  /** Hides the panel and gives the focus back to `returnFocusId`. */
  close: () => void;
}

/**
 * Whether the panel shows: every new request from the launcher
 * (`openCount` grows) opens it and focuses `box`; closing it gives the
 * focus back to the launcher.
 */
export function usePanelOpen(
  openCount: number,
  returnFocusId: string,
  box: RefObject<HTMLTextAreaElement | null>,
): PanelOpen {
  const [open, setOpen] = useState(openCount > 0);
  useEffect(() => {
    if (openCount > 0) setOpen(true);
  }, [openCount]);
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open, openCount]);
  const close = () => {
    setOpen(false);
    document.getElementById(returnFocusId)?.focus();
  };
  return { open, close };
}
