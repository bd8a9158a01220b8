import { Link } from 'react-router';

/** What an address that leads nowhere shows: what happened, and the way home. */
export function NotFound({ title, text, home }: { title: string; text: string; home: string }) {
  return (
    <div className="flex w-full flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
      <h2 className="text-2xl font-bold">{title}</h2>
      <p className="max-w-md text-muted">{text}</p>
      <Link to="/" className="btn btn-primary">
        {home}
      </Link>
    </div>
  );
}
