package io.onelite.jdbc;

import io.onelite.api.FunctionDefinition;
import io.onelite.api.UserFunction;
import org.sqlite.Function;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Registers a OneLite {@link FunctionDefinition} on a sqlite-jdbc connection through
 * {@code org.sqlite.Function}, so one definition runs on both drivers of a differential test:
 * arguments arrive as the same Java values, results and errors leave the same way (an
 * exception's message through {@code sqlite3_result_error}, as OneLite reports it).
 */
final class NativeFunctions {
    private NativeFunctions() {
    }

    /** Registers {@code d} on whichever driver {@code c} belongs to. */
    static void register(Connection c, FunctionDefinition d) throws SQLException {
        if (Drivers.isOneLite(c)) {
            c.unwrap(OneLiteConnection.class).createFunction(d);
        } else {
            Function.create(c, d.name(), body(d.function()), d.nArgs(), d.deterministic() ? Function.FLAG_DETERMINISTIC : 0);
        }
    }

    private static Function body(UserFunction f) {
        if (f instanceof UserFunction.Scalar s) {
            return new Function() {
                @Override
                protected void xFunc() throws SQLException {
                    try {
                        resultOf(this, s.apply(argsOf(this)));
                    } catch (Exception e) {
                        error(e.getMessage());
                    }
                }
            };
        }
        if (f instanceof UserFunction.Aggregate a) {
            return new NativeAggregate(a::start);
        }
        return new NativeWindow((UserFunction.Window) f);
    }

    /** sqlite-jdbc clones the registered instance per group: {@code acc} starts null in each clone. */
    private static class NativeAggregate extends Function.Aggregate {
        final java.util.function.Supplier<? extends UserFunction.Accumulator> start;
        UserFunction.Accumulator acc;

        NativeAggregate(java.util.function.Supplier<? extends UserFunction.Accumulator> start) {
            this.start = start;
        }

        UserFunction.Accumulator acc() {
            if (acc == null) {
                acc = start.get();
            }
            return acc;
        }

        @Override
        protected void xStep() throws SQLException {
            try {
                acc().step(argsOf(this));
            } catch (Exception e) {
                error(e.getMessage());
            }
        }

        @Override
        protected void xFinal() throws SQLException {
            try {
                resultOf(this, acc().finish());
            } catch (Exception e) {
                error(e.getMessage());
            }
        }
    }

    private static final class NativeWindow extends Function.Window {
        final UserFunction.Window start;
        UserFunction.WindowAccumulator acc;

        NativeWindow(UserFunction.Window start) {
            this.start = start;
        }

        UserFunction.WindowAccumulator acc() {
            if (acc == null) {
                acc = start.start();
            }
            return acc;
        }

        @Override
        protected void xStep() throws SQLException {
            try {
                acc().step(argsOf(this));
            } catch (Exception e) {
                error(e.getMessage());
            }
        }

        @Override
        protected void xInverse() throws SQLException {
            try {
                acc().inverse(argsOf(this));
            } catch (Exception e) {
                error(e.getMessage());
            }
        }

        @Override
        protected void xValue() throws SQLException {
            try {
                resultOf(this, acc().value());
            } catch (Exception e) {
                error(e.getMessage());
            }
        }

        @Override
        protected void xFinal() throws SQLException {
            try {
                resultOf(this, acc().finish());
            } catch (Exception e) {
                error(e.getMessage());
            }
        }
    }

    /** The arguments as OneLite passes them: null, Long, Double, String or byte[]. */
    private static Object[] argsOf(Function f) throws SQLException {
        return new ArgReader(f).read();
    }

    private static void resultOf(Function f, Object v) throws SQLException {
        new ArgReader(f).result(v);
    }

    /** Reaches Function's protected value and result methods from outside its subclasses. */
    private static final class ArgReader {
        private final Function f;

        ArgReader(Function f) {
            this.f = f;
        }

        Object[] read() throws SQLException {
            int n = (int) call("args");
            Object[] out = new Object[n];
            for (int i = 0; i < n; i++) {
                int type = (int) call("value_type", i);
                out[i] = switch (type) {
                    case 1 -> call("value_long", i);
                    case 2 -> call("value_double", i);
                    case 3 -> call("value_text", i);
                    case 4 -> call("value_blob", i);
                    default -> null;
                };
            }
            return out;
        }

        void result(Object v) throws SQLException {
            if (v == null || v instanceof Double d && d.isNaN()) {
                invoke("result", new Class<?>[0]);
            } else if (v instanceof Boolean b) {
                invoke("result", new Class<?>[] {long.class}, b ? 1L : 0L);
            } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                invoke("result", new Class<?>[] {long.class}, ((Number) v).longValue());
            } else if (v instanceof Number n) {
                invoke("result", new Class<?>[] {double.class}, n.doubleValue());
            } else if (v instanceof byte[] b) {
                invoke("result", new Class<?>[] {byte[].class}, (Object) b);
            } else {
                invoke("result", new Class<?>[] {String.class}, v.toString());
            }
        }

        private Object call(String name, int i) throws SQLException {
            return invoke(name, new Class<?>[] {int.class}, i);
        }

        private Object call(String name) throws SQLException {
            return invoke(name, new Class<?>[0]);
        }

        private Object invoke(String name, Class<?>[] types, Object... args) throws SQLException {
            try {
                var m = Function.class.getDeclaredMethod(name, types);
                m.setAccessible(true);
                return m.invoke(f, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause() instanceof SQLException s ? s : new SQLException(e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
