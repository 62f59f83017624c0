package io.onelite.sample;

import java.util.List;

import io.onelite.spring.OneLiteStatistics;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The REST API: {@code POST /orders} places an order ({@code @ConcurrentTransactional}),
 * {@code GET /orders?after=<seq>} is the commit-ordered feed, {@code GET /stats} the counters.
 */
@RestController
public class OrderController {

    /** The body of {@code POST /orders}. */
    public record NewOrder(int writer, String item) {
    }

    /** A page of the feed; pass {@code next} as {@code after} to get the following one. */
    public record Feed(List<Order> orders, long next) {
    }

    /** {@code GET /stats}: what the transaction manager and the retry advice counted, and the row count. */
    public record Stats(long commits, long conflicts, long holdTimeouts, long retries, long exhausted,
                        double attemptsPerCall, long orders) {
    }

    private final OrderService orders;
    private final OneLiteStatistics statistics;

    public OrderController(OrderService orders, OneLiteStatistics statistics) {
        this.orders = orders;
        this.statistics = statistics;
    }

    @PostMapping("/orders")
    @ResponseStatus(HttpStatus.CREATED)
    public Order place(@RequestBody NewOrder order) {
        if (order.item() == null || order.item().isBlank()) {
            throw new org.springframework.web.server.ResponseStatusException(HttpStatus.BAD_REQUEST, "item is required");
        }
        long id = orders.place(order.writer(), order.item(), 0);
        return orders.find(id); // after the commit: seq is filled in
    }

    @GetMapping("/orders")
    public Feed feed(@RequestParam(defaultValue = "0") long after, @RequestParam(defaultValue = "100") int limit) {
        List<Order> page = orders.after(after, Math.max(1, Math.min(limit, 1000)));
        return new Feed(page, page.isEmpty() ? after : page.get(page.size() - 1).seq());
    }

    @GetMapping("/stats")
    public Stats stats() {
        OneLiteStatistics.Snapshot s = statistics.snapshot();
        return new Stats(s.commits(), s.conflicts(), s.holdTimeouts(), s.retries(), s.exhausted(),
                s.attemptsPerCall(), orders.count());
    }
}
