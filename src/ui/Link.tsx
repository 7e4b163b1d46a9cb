// The app's link to one of its own pages: an <a> with the page's address, whose plain click moves the router
// instead of loading a document (a click with a modifier key, another button or a target is left to the
// browser). React Router's own Link does the same and also carries the framework's prefetching and masked
// addresses, which this app uses none of; its code was about 5 KB (gzip) in every page's first load.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An address of the app, such as one of client-core's paths. */
  to: string;
};

export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
