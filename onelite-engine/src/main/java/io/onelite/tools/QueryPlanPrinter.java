package io.onelite.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code EXPLAIN QUERY PLAN} results, in every output mode, as the tree {@code sqlite3} draws from
 * their {@code id} and {@code parent} columns:
 * <pre>
 * QUERY PLAN
 * |--SCAN t
 * `--SEARCH u USING INDEX ub (b=?)
 * </pre>
 */
final class QueryPlanPrinter implements ResultPrinter {
    private record Step(long id, long parent, String detail) {
    }

    private final ShellSink out;
    private final List<Step> steps = new ArrayList<>();

    QueryPlanPrinter(ShellSink out) {
        this.out = out;
    }

    /** Whether {@code sql} is an EXPLAIN QUERY PLAN statement, whose rows this printer draws. */
    static boolean isQueryPlan(String sql) {
        return sql.stripLeading().matches("(?is)EXPLAIN\\s+QUERY\\s+PLAN\\b.*");
    }

    @Override
    public void row(Object[] values) {
        steps.add(new Step(number(values[0]), number(values[1]), ShellText.display(values[values.length - 1], "")));
    }

    private static long number(Object v) {
        return v instanceof Long l ? l : 0;
    }

    @Override
    public void finish() {
        if (!steps.isEmpty()) {
            StringBuilder sb = new StringBuilder("QUERY PLAN\n");
            children(sb, 0, "");
            out.print(sb.toString());
        }
        out.flush();
    }

    private void children(StringBuilder sb, long parent, String prefix) {
        List<Step> kids = steps.stream().filter(s -> s.parent() == parent).toList();
        for (int i = 0; i < kids.size(); i++) {
            boolean last = i == kids.size() - 1;
            Step s = kids.get(i);
            sb.append(prefix).append(last ? "`--" : "|--").append(s.detail()).append('\n');
            if (s.id() != parent) {                    // a row that is its own parent would never end
                children(sb, s.id(), prefix + (last ? "   " : "|  "));
            }
        }
    }
}
