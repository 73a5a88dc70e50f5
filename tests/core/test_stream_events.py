"""The typed stream events: dotted tags, value equality, readable repr."""
from marginalia.core.loop import messages as ev
from marginalia.core.stream.errors import StreamError

EVENT_CLASSES = [ev.ContentDelta, ev.ReasoningDelta, ev.RefusalDelta, ev.ToolCallStarted,
                 ev.ToolCallArgumentsDelta, ev.UsageReport, ev.StreamFinished]


def test_each_event_has_a_unique_short_dotted_type_tag():
    tags = [cls.type for cls in EVENT_CLASSES]
    assert len(set(tags)) == len(tags)
    assert all("." in tag and len(tag) <= 30 for tag in tags)


def test_equality_is_by_class_and_values():
    assert ev.ContentDelta("a") == ev.ContentDelta("a")
    assert ev.ContentDelta("a") != ev.ReasoningDelta("a")
    assert ev.ToolCallStarted(0, "c", "f") != ev.ToolCallStarted(1, "c", "f")
    assert StreamError("m") == StreamError("m", None)


def test_repr_names_the_fields():
    assert repr(ev.UsageReport(1, 2, 3)) == (
        "UsageReport(prompt_tokens=1, completion_tokens=2, total_tokens=3)")
