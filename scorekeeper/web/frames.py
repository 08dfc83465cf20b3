"""Which websocket frames a page may send: only what Flet's own client sends,
in its order (registering first, once). Anything else closes that page's
connection before Flet reads it (Flet would stop reading and leave the
socket hanging).
"""

import msgpack
from flet.messaging.protocol import (
    ControlEventBody,
    InvokeMethodResponseBody,
    MessageAction,
    RegisterClientRequestBody,
    UpdateControlPropsBody,
    decode_ext_from_msgpack,
)

CLIENT_ACTIONS = {
    MessageAction.REGISTER_CLIENT.value: RegisterClientRequestBody,
    MessageAction.CONTROL_EVENT.value: ControlEventBody,
    MessageAction.UPDATE_CONTROL_PROPS.value: UpdateControlPropsBody,
    MessageAction.INVOKE_METHOD.value: InvokeMethodResponseBody,
}


def registered_session_id(data: bytes) -> str | None:
    """The session a (well-formed) registration asks to resume, if any."""
    action, body = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
    session_id = body.get("session_id") if action == MessageAction.REGISTER_CLIENT else None
    return session_id if isinstance(session_id, str) and session_id else None


def frame_problem(data: bytes | None, registered: bool) -> str | None:
    """Why a frame from a client is not one Flet's client sends, or None."""
    if not isinstance(data, bytes | bytearray):
        return "a text frame"
    if not data:
        return None
    if data[0] != 0:
        return None if registered else "a data frame before registering"
    try:
        decoded = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
        action, body = decoded
        kind = CLIENT_ACTIONS[action]
        parsed = kind(**body)
    except Exception as error:
        return f"a malformed message ({type(error).__name__})"
    if registered == (kind is RegisterClientRequestBody):
        return "registering twice" if registered else "a message before registering"
    if isinstance(parsed, ControlEventBody) and not (
        isinstance(parsed.target, int) and isinstance(parsed.name, str)
    ):
        return "an event with a bad target"
    if isinstance(parsed, UpdateControlPropsBody) and not (
        isinstance(parsed.id, int) and isinstance(parsed.props, dict)
    ):
        return "a property update with a bad target"
    if isinstance(parsed, RegisterClientRequestBody) and not isinstance(parsed.page, dict):
        return "a registration without a page"
    return None
