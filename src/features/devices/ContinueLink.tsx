// "Continue from another device": a plain link to /continue, so the page it sits on (the pre-rendered landing
// page, the questionnaire's first screen) carries none of the pairing's code.
import { paths } from '../../client-core/routes.ts';

export function ContinueLink({ className }: { className?: string }) {
  return <a className={className} href={paths.continue}>Continue from another device</a>;
}
