package io.onelite.bench;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** PNG charts of the benchmark tables (JFreeChart; a dependency of this module only). */
final class Charts {
    private Charts() {
    }

    /** Horizontal bars of OneLite time / native time per operation, with a line at 1.0 (parity). */
    static void oltpRatios(List<Oltp.Row> table, Path png, String title) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Oltp.Row r : table) {
            data.addValue(r.ratio(), "OneLite time / native time", r.name());
        }
        JFreeChart chart = ChartFactory.createBarChart(title, null, "ratio (lower is better, 1 = same as native)", data,
                PlotOrientation.HORIZONTAL, false, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.GRAY);
        ValueMarker parity = new ValueMarker(1.0, Color.RED, new BasicStroke(2f));
        plot.addRangeMarker(parity);
        plot.getRenderer().setSeriesPaint(0, new Color(0x3b6ea5));
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 900, 60 + 40 * table.size());
        System.out.println("wrote " + png);
    }

    /** Commits per second against the number of writers, one line per mode; log scale for commits/s. */
    static void writerThroughput(Map<String, Map<Integer, Double>> byMode, Path png, String title) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (var e : byMode.entrySet()) {
            XYSeries s = new XYSeries(e.getKey());
            e.getValue().forEach(s::add);
            data.addSeries(s);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, "writers", "commits/s", data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.GRAY);
        plot.setRangeGridlinePaint(Color.GRAY);
        NumberAxis y = (NumberAxis) plot.getRangeAxis();
        y.setAutoRangeIncludesZero(true);
        NumberAxis x = (NumberAxis) plot.getDomainAxis();
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesStroke(i, new BasicStroke(2.5f));
        }
        plot.setRenderer(r);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 900, 500);
        System.out.println("wrote " + png);
    }
}
