/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters must be named as React declares them */
import "react";

/**
 * HTML's invoker commands and the dialog's light dismiss, which React 18's types do not know yet:
 * a button opens or closes a dialog by its id, and a dialog closes on a tap outside it, without
 * any JavaScript. React passes the lowercase attributes through unchanged.
 */
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
  interface DialogHTMLAttributes<T> {
    closedby?: "any" | "closerequest" | "none";
  }
}
