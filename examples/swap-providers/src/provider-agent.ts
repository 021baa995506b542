import { AbstractAgent, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import type { Provider } from "@agui-bridge/core";
import { from, type Observable } from "rxjs";

/**
 * An `@ag-ui/client` agent whose runs go to an agui-bridge {@link Provider}. The agent keeps the
 * conversation (`agent.messages`); assigning another provider carries it to another vendor.
 */
export class ProviderAgent extends AbstractAgent {
  constructor(public provider: Provider) {
    super();
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return from(this.provider.stream(input as never) as AsyncIterable<BaseEvent>);
  }
}
