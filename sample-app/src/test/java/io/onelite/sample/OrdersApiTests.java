package io.onelite.sample;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The REST API over a real HTTP port. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "sample.demo.enabled=false")
class OrdersApiTests {

    private static final Pattern OBJECT = Pattern.compile("\\{[^{}]*\"id\"[^{}]*}");
    private static final Pattern ID = Pattern.compile("\"id\":(\\d+)");
    private static final Pattern SEQ = Pattern.compile("\"seq\":(\\d+)");
    private static final Pattern NEXT = Pattern.compile("\"next\":(\\d+)");

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        String path = TestDatabases.freshPath("api");
        registry.add("onelite.path", () -> path);
    }

    @LocalServerPort
    int port;

    @Autowired
    OrderService orders;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(java.time.Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    @Test
    void concurrentPostsAllLandOnceAndTheFeedReturnsEachOnceInCommitOrder() throws Exception {
        int threads = 8;
        int perThread = 25;
        long before = orders.count();
        long startSeq = orders.maxSeq();
        Set<Long> posted = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int writer = t;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < perThread; i++) {
                    HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/orders"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"writer\":" + writer + ",\"item\":\"w" + writer + "-" + i + "\"}")));
                    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
                    assertThat(posted.add(field(ID, response.body()))).as("id returned once").isTrue();
                    assertThat(field(SEQ, response.body())).as("seq filled in at commit").isPositive();
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        assertThat(posted).hasSize(threads * perThread);
        assertThat(orders.count()).isEqualTo(before + threads * perThread);

        // the feed, page by page: every posted order exactly once, seq strictly increasing
        List<Long> fed = new ArrayList<>();
        List<Long> seqs = new ArrayList<>();
        long after = startSeq;
        while (true) {
            HttpResponse<String> page = send(HttpRequest.newBuilder(uri("/orders?after=" + after + "&limit=37")).GET());
            assertThat(page.statusCode()).isEqualTo(200);
            Matcher m = OBJECT.matcher(page.body());
            int n = 0;
            while (m.find()) {
                fed.add(field(ID, m.group()));
                seqs.add(field(SEQ, m.group()));
                n++;
            }
            Matcher next = NEXT.matcher(page.body());
            assertThat(next.find()).isTrue();
            if (n == 0) {
                assertThat(Long.parseLong(next.group(1))).isEqualTo(after);
                break;
            }
            after = Long.parseLong(next.group(1));
        }
        assertThat(new HashSet<>(fed)).hasSize(fed.size()).isEqualTo(posted);
        for (int i = 1; i < seqs.size(); i++) {
            assertThat(seqs.get(i)).as("seq in commit order").isGreaterThan(seqs.get(i - 1));
        }

        HttpResponse<String> stats = send(HttpRequest.newBuilder(uri("/stats")).GET());
        assertThat(stats.statusCode()).isEqualTo(200);
        assertThat(stats.body()).contains("\"commits\":").contains("\"retries\":").contains("\"orders\":" + orders.count());
    }

    private static long field(Pattern pattern, String json) {
        Matcher m = pattern.matcher(json);
        assertThat(m.find()).as(pattern + " in " + json).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void anOrderWithoutItemIsABadRequest() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/orders"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"writer\":1}")));
        assertThat(response.statusCode()).isEqualTo(400);
    }
}
