"""Line charts that read the way the language does: in a right-to-left
language the first point stands at the right, and the value axis too."""

import flet as ft
import flet_charts as fch

from scorekeeper.ui.text import num


def x_at(x: int, last: int, rtl: bool) -> int:
    """Where `x` stands on an axis from 0 to `last`."""
    return last - x if rtl else x


def line_chart(
    series: list[fch.LineChartData],
    *,
    last: int,
    values: tuple[int, int, int],
    axis_width: int,
    height: int,
    x_title: str,
    x_labels: range,
    rtl: bool,
) -> fch.LineChart:
    """`values`: the value axis's lowest, highest and step between labels;
    `x_labels`: the x values labelled (their points placed with x_at)."""
    low, high, step = values
    value_axis = fch.ChartAxis(
        label_size=axis_width,
        labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(num(v), size=11))
            for v in range(low, high + 1, step)
        ],
    )
    no_axis = fch.ChartAxis(label_size=0, show_labels=False)
    return fch.LineChart(
        data_series=series,
        min_x=0,
        max_x=last,
        min_y=low,
        max_y=high,
        height=height,
        interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        left_axis=no_axis if rtl else value_axis,
        right_axis=value_axis if rtl else no_axis,
        bottom_axis=fch.ChartAxis(
            label_size=24,
            title=ft.Text(x_title, size=11),
            labels=[
                fch.ChartAxisLabel(value=x_at(n, last, rtl), label=ft.Text(num(n), size=11))
                for n in x_labels
            ],
        ),
    )
