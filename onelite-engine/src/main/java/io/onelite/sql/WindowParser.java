package io.onelite.sql;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.WindowDef;

import java.util.List;

/**
 * Window definitions: {@code [base] [PARTITION BY ...] [ORDER BY ...] [frame]} inside {@code OVER (...)} and
 * the WINDOW clause, with frames {@code ROWS|RANGE|GROUPS [BETWEEN] bound [AND bound] [EXCLUDE ...]}
 * ({@code window}, {@code frame_opt} in {@code parse.y}).
 */
final class WindowParser {
    private final TokenCursor c;
    private final ExprParser exprs;

    WindowParser(TokenCursor c, ExprParser exprs) {
        this.c = c;
        this.exprs = exprs;
    }

    /** The inside of {@code OVER ( ... )} or of a WINDOW clause's {@code name AS ( ... )}. */
    WindowDef windowDef() {
        String base = null;
        if (c.atName() && !isWindowClauseKeyword()) {
            base = c.name();
        }
        List<Expr> partition = List.of();
        if (c.accept(TokenType.PARTITION)) {
            c.expect(TokenType.BY);
            partition = exprs.exprList();
        }
        List<OrderingTerm> orderBy = List.of();
        if (c.at(TokenType.ORDER)) {
            c.advance();
            c.expect(TokenType.BY);
            orderBy = exprs.orderingTerms();
        }
        WindowDef.FrameSpec frame = null;
        if (c.atAny(TokenType.ROWS, TokenType.RANGE, TokenType.GROUPS)) {
            frame = frame();
        }
        return new WindowDef(base, partition, orderBy, frame);
    }

    private boolean isWindowClauseKeyword() {
        return switch (c.type()) {
            case PARTITION, ROWS, RANGE, GROUPS -> true;
            default -> false;
        };
    }

    private WindowDef.FrameSpec frame() {
        Token u = c.advance();
        WindowDef.FrameUnit unit = switch (u.type()) {
            case ROWS -> WindowDef.FrameUnit.ROWS;
            case RANGE -> WindowDef.FrameUnit.RANGE;
            default -> WindowDef.FrameUnit.GROUPS;
        };
        WindowDef.FrameBound start;
        WindowDef.FrameBound end;
        if (c.accept(TokenType.BETWEEN)) {
            start = frameBound(true);
            c.expect(TokenType.AND);
            end = frameBound(false);
        } else {
            start = frameBound(true);
            end = new WindowDef.FrameBound(WindowDef.BoundKind.CURRENT_ROW, null);
        }
        WindowDef.FrameExclude exclude = WindowDef.FrameExclude.NONE;
        if (c.accept(TokenType.EXCLUDE)) {
            if (c.accept(TokenType.NO)) {
                c.expect(TokenType.OTHERS);
                exclude = WindowDef.FrameExclude.NO_OTHERS;
            } else if (c.accept(TokenType.CURRENT)) {
                c.expect(TokenType.ROW);
                exclude = WindowDef.FrameExclude.CURRENT_ROW;
            } else if (c.accept(TokenType.GROUP)) {
                exclude = WindowDef.FrameExclude.GROUP;
            } else {
                c.expect(TokenType.TIES);
                exclude = WindowDef.FrameExclude.TIES;
            }
        }
        // sqlite3WindowAlloc's check, in the grammar action: the start may not come after the end
        WindowDef.BoundKind s = start.kind();
        WindowDef.BoundKind e = end.kind();
        if ((s == WindowDef.BoundKind.CURRENT_ROW && e == WindowDef.BoundKind.PRECEDING)
                || (s == WindowDef.BoundKind.FOLLOWING
                && (e == WindowDef.BoundKind.PRECEDING || e == WindowDef.BoundKind.CURRENT_ROW))) {
            c.deferError(TokenCursor.error("unsupported frame specification"));
        }
        return new WindowDef.FrameSpec(unit, start, end, exclude);
    }

    private WindowDef.FrameBound frameBound(boolean isStart) {
        if (c.at(TokenType.UNBOUNDED)) {
            c.advance();
            if (isStart) {
                c.expect(TokenType.PRECEDING);
                return new WindowDef.FrameBound(WindowDef.BoundKind.UNBOUNDED_PRECEDING, null);
            }
            c.expect(TokenType.FOLLOWING);
            return new WindowDef.FrameBound(WindowDef.BoundKind.UNBOUNDED_FOLLOWING, null);
        }
        if (c.accept(TokenType.CURRENT)) {
            c.expect(TokenType.ROW);
            return new WindowDef.FrameBound(WindowDef.BoundKind.CURRENT_ROW, null);
        }
        Expr e = exprs.expr();
        if (c.accept(TokenType.PRECEDING)) {
            return new WindowDef.FrameBound(WindowDef.BoundKind.PRECEDING, e);
        }
        c.expect(TokenType.FOLLOWING);
        return new WindowDef.FrameBound(WindowDef.BoundKind.FOLLOWING, e);
    }
}
