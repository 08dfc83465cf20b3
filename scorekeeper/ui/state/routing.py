"""How `AppState` hands an action or a value to the part that owns it, in
one line each, with the part's own signature kept for the type checker."""

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, cast, overload

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


class DoneBy(Generic[P, R]):
    """An action (or question) of the app state that one part does:
    `press = DoneBy("entry", HandEntry.press)` is `state.entry.press`."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part = part
        self.method = method.__name__

    @overload
    def __get__(self, instance: None, owner: type) -> "DoneBy[P, R]": ...

    @overload
    def __get__(self, instance: object, owner: type) -> Callable[P, R]: ...

    def __get__(self, instance: object | None, owner: type) -> "DoneBy[P, R] | Callable[P, R]":
        if instance is None:
            return self
        return cast(Callable[P, R], getattr(getattr(instance, self.part), self.method))


class KeptBy(Generic[T]):
    """A value of the app state that one part keeps, read and written there:
    `saved = KeptBy[SavedGame | None]("current")` is `state.current.saved`."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type) -> "KeptBy[T]": ...

    @overload
    def __get__(self, instance: object, owner: type) -> T: ...

    def __get__(self, instance: object | None, owner: type) -> "KeptBy[T] | T":
        if instance is None:
            return self
        return cast(T, getattr(getattr(instance, self.part), self.name))

    def __set__(self, instance: object, value: T) -> None:
        setattr(getattr(instance, self.part), self.name, value)
