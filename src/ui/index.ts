// The design system: small presentational components with no knowledge of the store or the features.
import './ui.css';

export { Button, buttonClassName } from './Button.tsx';
export type { ButtonProps, ButtonVariant } from './Button.tsx';
export { Field, TextAreaField } from './Field.tsx';
export { WordLimitField, WORD_LIMIT_RANGE, isWordLimit } from './WordLimitField.tsx';
export type { FieldProps, TextAreaFieldProps } from './Field.tsx';
export { Modal } from './Modal.tsx';
export type { ModalProps } from './Modal.tsx';
export { Alert } from './Alert.tsx';
export type { AlertProps, AlertTone } from './Alert.tsx';
export { ProgressBar } from './ProgressBar.tsx';
export type { ProgressBarProps } from './ProgressBar.tsx';
export { Badge } from './Badge.tsx';
export type { BadgeTone } from './Badge.tsx';
export { CopyButton } from './CopyButton.tsx';
export type { CopyButtonProps } from './CopyButton.tsx';
export { DownloadButton, saveFile } from './DownloadButton.tsx';
export type { DownloadButtonProps } from './DownloadButton.tsx';
export { loadedAfterShown, useLoadedAfterShown } from './loadedAfterShown.tsx';
export { nextIdle } from './nextIdle.ts';
export { PageLiveContext, usePageLive } from './pageLive.ts';
export { NewTabPostButton } from './NewTabPostButton.tsx';
export { useHydrating } from './useHydrating.ts';
