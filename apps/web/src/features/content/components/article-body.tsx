// An article's body. The HTML is the server's Markdown rendering after its allowlist
// sanitiser (decisions/114-content-markdown.md): the only HTML this app inserts as is.
import '../content.css';

export function ArticleBody({ html }: { html: string }) {
  return (
    <div
      className="content-prose"
      dir="auto"
      data-testid="article-body"
      // Sanitised by the server's allowlist: the one place raw HTML enters the page.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
