import { ARCHITECTURE_DIAGRAMS } from '../diagrams';
import { DiagramCard } from './diagram-card';

/** Every architecture diagram, in the spec's order, with a jump list at the top. */
export function ArchitectureView() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <nav aria-label="Diagrams" className="flex flex-wrap gap-2 text-sm">
        {ARCHITECTURE_DIAGRAMS.map((diagram) => (
          <a key={diagram.id} href={`#${diagram.id}`} className="rounded-md border px-2 py-1 hover:bg-muted">
            {diagram.title}
          </a>
        ))}
      </nav>
      {ARCHITECTURE_DIAGRAMS.map((diagram) => (
        <section key={diagram.id} id={diagram.id} className="scroll-mt-4">
          <DiagramCard diagram={diagram} />
        </section>
      ))}
    </div>
  );
}
