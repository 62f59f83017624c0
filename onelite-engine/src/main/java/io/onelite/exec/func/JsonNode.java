package io.onelite.exec.func;

import java.util.List;

/**
 * A parsed JSON value, as the JSON functions manipulate it. Strings and object keys keep their
 * escaped text ({@code raw}, between the quotes) so that output reproduces the input's escapes,
 * as SQLite's json() does; numbers keep their canonical text. Objects may hold duplicate keys
 * (SQLite keeps them; lookups find the first).
 */
sealed interface JsonNode {
    record JNull() implements JsonNode {
    }

    record JBool(boolean value) implements JsonNode {
    }

    /** A number in canonical JSON text; {@code integer} if it has no fraction or exponent. */
    record JNumber(String text, boolean integer) implements JsonNode {
    }

    /**
     * A string: {@code raw} is RFC 8259 escaped text without the quotes. {@code textRaw} marks a
     * string that SQLite keeps unescaped in JSONB (TEXTRAW): an SQL text value or a path label
     * stored by json_set and friends, or a TEXTRAW element read from a blob.
     */
    record JString(String raw, boolean textRaw) implements JsonNode {
        JString(String raw) {
            this(raw, false);
        }

        String value() {
            return JsonText.unescape(raw);
        }
    }

    record JArray(List<JsonNode> items) implements JsonNode {
    }

    record Member(JString key, JsonNode value) {
    }

    record JObject(List<Member> members) implements JsonNode {
    }

    JsonNode NULL = new JNull();
    JsonNode TRUE = new JBool(true);
    JsonNode FALSE = new JBool(false);
}
