import { useAppBridge } from "@shopify/app-bridge-react";
import { useCallback } from "react";

/** App Bridge toast (the admin's own, or the sandbox stand-in's). */
export function useToast(): (message: string, isError?: boolean) => void {
  const shopify = useAppBridge();
  return useCallback((message: string, isError = false) => {
    shopify.toast.show(message, { isError, duration: 4000 });
  }, [shopify]);
}
