package dev.loupe.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Chats;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.graph.AnalysisEvent;
import dev.loupe.image.LoadedImage;
import io.javalin.http.Context;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Conversations over HTTP, with the rules of {@code loupe chat}: {@code POST /v1/threads/{id}/messages}
 * says one message on conversation {@code id}, starting it (on the uploaded image, or none) when the
 * id is new; {@code GET} the same path exports the conversation ({@code loupe.conversation/1}).
 * A turn takes an analysis slot and the request timeout like an analysis; with
 * {@code Accept: text/event-stream} (or {@code ?stream=true}) its events are streamed, the last
 * ({@code final}) carrying the same body as the JSON answer.
 *
 * <p>Refusals are 409 problems: a thread that is an analysis, one that ran another configuration or
 * graph, another image than the conversation's, and a second message while one is being answered.
 */
final class ConversationRoutes {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EVENT_STREAM = "text/event-stream";

    private final AnalysisRoutes routes;
    /** Conversations answering a message now: turns of one conversation run one at a time. */
    private final Set<String> answering = ConcurrentHashMap.newKeySet();

    ConversationRoutes(AnalysisRoutes routes) {
        this.routes = routes;
    }

    /** {@code POST /v1/threads/{id}/messages}. */
    void say(Context ctx) {
        String id = ThreadRoutes.threadId(ctx);
        MessageRequest.checkDeclared(ctx, routes.uploads());
        routes.slots().checkRoom();
        // Received before a slot is taken, so a stalled upload holds none.
        MessageRequest message = MessageRequest.read(ctx, routes.uploads());
        try (AnalysisSlots.Slot slot = routes.slots().take()) {
            Loupe loupe = routes.graphs().get(graphFor(id, message));
            if (!answering.add(id)) {
                throw new HttpProblem(ProblemType.CONVERSATION_BUSY, "conversation " + id + " is answering another message; "
                        + "send this one when that answer has come");
            }
            if (streams(ctx)) {
                streamed(ctx, slot, loupe, id, message);
            } else {
                blocking(ctx, slot, loupe, id, message);
            }
        }
    }

    private void streamed(Context ctx, AnalysisSlots.Slot slot, Loupe loupe, String id, MessageRequest message) {
        EventRelay relay = new EventRelay();
        execute(slot, id, () -> turn(loupe, id, message, relay::event), (reply, failure) -> {
            if (failure != null) {
                relay.fail(failure);
                return;
            }
            relay.finish(body(reply).put("type", AnalysisEvent.FINAL).put("node", reply.result().graph()), reply.result());
            relay.done();
        });
        routes.stream(ctx, relay, "turn");
    }

    private void blocking(Context ctx, AnalysisSlots.Slot slot, Loupe loupe, String id, MessageRequest message) {
        CompletableFuture<Chats.Reply> answer = new CompletableFuture<>();
        execute(slot, id, () -> turn(loupe, id, message, event -> { }), (reply, failure) -> {
            if (failure != null) {
                answer.completeExceptionally(failure);
            } else {
                answer.complete(reply);
            }
        });
        Chats.Reply reply = routes.await(answer, "turn", Chats.Reply::result);
        ctx.contentType("application/json").result(body(reply).toString());
    }

    /** {@code GET /v1/threads/{id}/messages}: the conversation as {@code loupe.conversation/1}. */
    void export(Context ctx) {
        String id = ThreadRoutes.threadId(ctx);
        Graphs graphs = routes.graphs();
        ThreadRecord thread = graphs.defaultGraph().threads().find(id)
                .orElseThrow(() -> HttpProblem.notFound("no thread " + id + " in the store"));
        // Exporting only reads, so any served graph sharing the store will do; its own when served.
        Loupe owner = graphs.serves(thread.graphName()) ? graphs.get(thread.graphName()) : graphs.defaultGraph();
        ctx.contentType("application/json").result(owner.chats().export(id).toString());
    }

    /** Starts the conversation when {@code id} is new, else checks it can continue here; then says the message. */
    private Chats.Reply turn(Loupe loupe, String id, MessageRequest message, Consumer<AnalysisEvent> listener) {
        Chats chats = loupe.chats();
        LoadedImage image = message.image() == null ? null : routes.files().load(message.image().bytes(), message.image().name());
        if (loupe.threads().find(id).isPresent()) {
            ThreadRecord thread = chats.open(id);
            if (image != null) {
                ThreadClaim.requireConversationImage(thread, image.sha256());
            }
        } else {
            chats.start(id, image);
        }
        return chats.say(id, message.text(), listener);
    }

    /** The graph named in the request, else the conversation's own when this server runs it, else the default. */
    private String graphFor(String id, MessageRequest message) {
        if (message.graph() != null) {
            return message.graph();
        }
        Graphs graphs = routes.graphs();
        Optional<ThreadRecord> thread = graphs.defaultGraph().threads().find(id);
        return thread.map(ThreadRecord::graphName).filter(graphs::serves).orElse(null);
    }

    /**
     * Hands {@code work} to the slot, then {@code done} its reply or failure. The conversation is free again
     * before {@code done} sends the answer (a client may send its next message the moment it reads this one),
     * or at once if the work never starts.
     */
    private void execute(AnalysisSlots.Slot slot, String id, Supplier<Chats.Reply> work,
                         BiConsumer<Chats.Reply, Throwable> done) {
        try {
            slot.executor().execute(() -> {
                Chats.Reply reply = null;
                Throwable failure = null;
                try {
                    reply = work.get();
                } catch (RuntimeException | Error e) {
                    failure = e;
                } finally {
                    answering.remove(id);
                }
                done.accept(reply, failure);
            });
        } catch (RejectedExecutionException e) {
            answering.remove(id);
            throw e;
        }
    }

    private static boolean streams(Context ctx) {
        String accept = ctx.header("Accept");
        return "true".equals(ctx.queryParam("stream"))
                || accept != null && accept.toLowerCase(Locale.ROOT).contains(EVENT_STREAM);
    }

    /** The answer to a turn: which turn of which conversation, the agent's words, and the graph's result. */
    private static ObjectNode body(Chats.Reply reply) {
        ObjectNode body = JSON.createObjectNode();
        body.put("thread_id", reply.threadId());
        body.put("turn", reply.turn());
        body.put("request_id", reply.requestId());
        body.put("text", reply.text());
        body.set("result", reply.result().toJson());
        return body;
    }
}
